"""The series' public face beside the standings (issue 27): the season calendar and its iCal feed (``calendar``), a
player's years across seasons and the player search (``player_years``)."""
