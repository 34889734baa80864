// The profile page scrolls to its calendar feed card when opened with this hash (My timetable links
// to it); apart from the card, so the link does not load the card's code.
export const FEED_ANCHOR = 'calendar-feed';
