from pagetext.cli import command

command()
