/** The zone a member's times are shown in until they choose another (shared/time-label.ts's DEFAULT_ZONE). */
const DEFAULT_ZONE = 'Africa/Lagos';

/*
 * The signed-in member's zone (their profile setting), set by the root layout as the user loads:
 * every screen then reads moments as their notifications and mails do, without each component
 * asking for the user. Apart from the formatters, so the entry holds this line and not them.
 */
let displayZone = DEFAULT_ZONE;
export function setDisplayZone(zone: string | undefined): void {
  displayZone = zone ?? DEFAULT_ZONE;
}
export const getDisplayZone = () => displayZone;
