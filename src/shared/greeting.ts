export type GreetingKey = 'lateNight' | 'earlyMorning' | 'morning' | 'noon' | 'afternoon' | 'evening';

/** The greeting for an hour of the day (0-23), spec section 9; translated as `common:greeting.<key>`. */
export function greetingKey(hour: number): GreetingKey {
  if (hour < 5) return 'lateNight';
  if (hour < 9) return 'earlyMorning';
  if (hour < 12) return 'morning';
  if (hour < 14) return 'noon';
  if (hour < 18) return 'afternoon';
  return 'evening';
}
