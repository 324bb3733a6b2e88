"""Staff: who may do what (``permissions``) and appointing or removing roles (``services``)."""
