"""`pagetext serve`: an HTTP service that extracts text in a pool of worker processes.

config (limits and their defaults) and worker (the process that reads one PDF at a time)
need only the standard library; app (the Starlette application) needs the serve extra:
pip install 'pagetext[serve]'.
"""
