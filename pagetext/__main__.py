import sys

from pagetext.cli import main

sys.exit(main())
