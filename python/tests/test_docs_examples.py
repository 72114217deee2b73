"""The examples of docs/python.md, run: every ```python block, in order, in
one namespace. A `print(...)` line ending in a comment (`print(x)  # 4500.0`)
must print what the comment says.

    PYTHONPATH=build/python python3 python/tests/test_docs_examples.py docs/python.md
"""
import re
import sys

PRINT_WITH_EXPECTATION = re.compile(r"^(\s*)print\((.*)\)\s+# (.*)$")


def blocks(text):
    return re.findall(r"```python\n(.*?)```", text, re.S)


def checked(code):
    """print(args)  # expected  ->  _expect("expected", args)"""
    lines = []
    for line in code.split("\n"):
        m = PRINT_WITH_EXPECTATION.match(line)
        lines.append("%s_expect(%r, %s)" % (m.group(1), m.group(3), m.group(2)) if m else line)
    return "\n".join(lines)


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    with open(sys.argv[1]) as f:
        examples = blocks(f.read())
    expectations = [0]

    def _expect(expected, *values):
        got = " ".join(str(v) for v in values)
        print(got)
        if got != expected:
            raise AssertionError("printed %r, the page says %r" % (got, expected))
        expectations[0] += 1

    scope = {"_expect": _expect}
    passed = failed = 0
    for i, code in enumerate(examples):
        try:
            exec(compile(checked(code), "%s, python block %d" % (sys.argv[1], i + 1), "exec"), scope)
            passed += 1
        except Exception as error:  # report every block, then fail
            failed += 1
            print("FAIL block %d: %s: %s" % (i + 1, type(error).__name__, error))
    print("%d blocks, %d printed values checked" % (len(examples), expectations[0]))
    print("%d passed, %d failed" % (passed, failed))
    sys.exit(1 if failed or not passed else 0)


if __name__ == "__main__":
    main()
