"""The office's pages about accounts rather than a tournament's play: the roles of the staff (``staff``) and the
password reset (``password_reset``)."""
