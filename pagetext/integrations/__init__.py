"""pagetext inside other frameworks, each behind its own extra: Ray Data (pagetext[ray]),
LangChain (pagetext[langchain]) and LlamaIndex (pagetext[llamaindex]). pages holds what
they share and needs none of them."""
