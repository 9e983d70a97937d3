"""Faust applications that wire the pipeline stages to Kafka topics and tables."""
