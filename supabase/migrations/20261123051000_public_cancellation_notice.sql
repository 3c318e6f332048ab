-- The cancellation deadline is stated on the website (FAQ: until how many hours before drop-off a
-- customer may cancel or move by the link in the e-mail). The pages read it at build time as the
-- anon role, like the packages and opening hours (issue 17, item 1), so the setting becomes public.
update public.settings set is_public = true where key = 'cancellation_notice_hours';
