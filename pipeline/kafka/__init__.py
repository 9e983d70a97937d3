"""Kafka wrappers: the embedded broker, topic administration and small client helpers."""
