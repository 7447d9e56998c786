"""``python -m majiang.cli``: the same as the ``majiang`` command."""

from majiang.cli import main

if __name__ == "__main__":
    main()
