"""pickletable: rules engines, bots and tables for three pickleball tabletop games."""

__version__ = "0.1.0"
