/**
 * Events about the public lists go to the members whose pages show one of them, not to every
 * socket (decision 093): one topic per family of lists. Sending each application's `job:updated`
 * to every member made the work grow with the square of the members online. Which event belongs
 * to which topic, and which lists watch it: events.ts.
 */
export const REALTIME_TOPICS = ['jobs', 'gigs', 'courses', 'mentor-plans'] as const;
export type TRealtimeTopic = (typeof REALTIME_TOPICS)[number];
