"""Benchmarks and demos run by `make bench` and `make demo`."""
