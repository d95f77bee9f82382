"""The Textual interface: the app, its screens and widgets."""
