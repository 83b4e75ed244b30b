"""Long values: 300 names of about 1,000 characters each and a list of 600 long strings, more
than one answer may carry (tests/e2e/inspection/test_answer_budget.py)."""
globals().update({f"name_{i:03}": f"value {i:03} " * 100 for i in range(300)})
rows = [f"row {i:03} " * 120 for i in range(600)]
done = True  # MARK: long_values_ready
