"""The classroom: teacher pages (plans), worksheets (seeded variants and keys) and quizzes."""
