"""The benchmark runner (``python -m tools.bench.run_bench``), the report
(``python -m tools.bench.report``, what ``make report`` runs) and the tables read from their
JSON lines."""
