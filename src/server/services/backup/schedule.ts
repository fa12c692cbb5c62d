/** Milliseconds from `now` to the next HH:MM on the server's clock (tomorrow's when today's has passed). */
export function msUntilNext(time: string, now: Date): number {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  const next = new Date(now);
  next.setHours(hours, minutes, 0, 0);
  if (next.getTime() <= now.getTime()) next.setDate(next.getDate() + 1);
  return next.getTime() - now.getTime();
}

/**
 * Runs `job` every day at `time` until the returned function is called. The timer never keeps the process
 * alive, and a failed run is reported and does not stop the next one.
 */
export function scheduleDaily(time: string, job: () => Promise<unknown>, onError: (err: unknown) => void): () => void {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const arm = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      job()
        .catch(onError)
        .finally(arm);
    }, msUntilNext(time, new Date()));
    timer.unref();
  };
  arm();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
