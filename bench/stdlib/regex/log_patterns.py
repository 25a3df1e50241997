"""log_patterns.py — the 13 patterns of LangArena's log-parser benchmark
(Etc::LogParser, kostya/LangArena), in the order logparser.gs counts them:
the benchmark (run.py) and the regex oracle test
(tests/stdlib/regex/check_oracle.py) both read them from here."""

PATTERNS = [
    r" [5][0-9]{2} | [4][0-9]{2} ",
    r"(?i)bot|crawler|scanner|spider|indexing|crawl|robot|spider",
    r"(?i)etc/passwd|wp-admin|\.\./",
    r"\d+\.\d+\.\d+\.35",
    r"/api/[^ \"]+",
    r"POST [^ ]* HTTP",
    r"(?i)/login|/signin",
    r"(?i)get|post|put",
    r"[a-zA-Z0-9._%+-]+@[a-zA-Z0-9.-]+\.[a-zA-Z]{2,}",
    r"password=[^&\s\"]+",
    r"token=[^&\s\"]+|api[_-]?key=[^&\s\"]+",
    r"session[_-]?id=[^&\s\"]+",
    r"\[\d+/\w+/\d+:1[3-7]:\d+:\d+ [+\-]\d+\]",
]
