"""Scoring blocks shared by benchmarks: layered answer extraction, abstention detection."""
