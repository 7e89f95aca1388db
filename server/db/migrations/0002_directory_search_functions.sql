-- Directory search folds text before indexing and matching it: lower case, with the diacritics of
-- Māori and common European names removed, so 'maori' finds 'Māori' and 'kowhai' finds 'Kōwhai'
-- (the unaccent extension is not available in PGlite). IMMUTABLE: indexes are built on it.
-- Created before the tables' migration because its expression indexes call it.
CREATE FUNCTION directory_fold(value text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN lower(translate(value,
  'ĀāĒēĪīŌōŪūÀÁÂÃÄÅàáâãäåÈÉÊËèéêëÌÍÎÏìíîïÒÓÔÕÖØòóôõöøÙÚÛÜùúûüÇçÑñÝýÿ',
  'AaEeIiOoUuAAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOOooooooUUUUuuuuCcNnYyy'));
