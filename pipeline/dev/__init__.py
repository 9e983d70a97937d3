"""Development tools, not used by a production worker: the raw-traffic generator
(:mod:`.generate`), the demo (:mod:`.demo`), the local brokers (:mod:`.broker`: the
embedded Tansu; :mod:`.apache`: Apache Kafka from its jars, with the pom files beside it;
:mod:`.secure_broker`: a SASL_SSL one) and the worker-process runner the demo, benchmarks
and tests start workers with (:mod:`.runner`). The CLI reaches them as ``chao-pipeline
generate``, ``demo`` and ``broker``."""
