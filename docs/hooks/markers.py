"""Expands <!-- example ... --> and <!-- widget ... --> markers (owned by the site task)."""
