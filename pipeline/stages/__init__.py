"""The four stages as plain code over plain data (no broker, no Faust)."""
