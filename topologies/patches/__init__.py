"""Changes to how Faust and aiokafka behave, one small module per change."""
