"""A toy fourth benchmark that lives in tests only: one folder and one registry line
(``register(BENCHMARK)``) are all it takes for `medtrust run`, `report` and `rescore`."""
