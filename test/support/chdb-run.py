# Runs ClickHouse SQL in process with chdb (a current ClickHouse release) for the insights tests.
# stdin: {"setup": [sql, ...], "queries": [sql, ...]}; stdout: one JSONEachRow text per query.
# A statement that fails raises, naming it.
import json
import sys

from chdb import session

job = json.load(sys.stdin)
db = session.Session()
db.query("CREATE DATABASE IF NOT EXISTS quire")
db.query("USE quire")
for sql in job["setup"]:
    try:
        db.query(sql)
    except Exception as err:
        raise SystemExit(f"setup statement failed: {err}\n{sql}")
answers = []
for sql in job["queries"]:
    try:
        answers.append(str(db.query(sql, "JSONEachRow")))
    except Exception as err:
        raise SystemExit(f"query failed: {err}\n{sql}")
json.dump(answers, sys.stdout)
