"""Forms of the office: they check input and map service errors; writes go through the services."""
