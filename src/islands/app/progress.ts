/**
 * The thin loading bar at the top of the viewport during navigation (NProgress-style, with the spec's
 * constants: minimum 0.08, 200 ms transitions, a trickle every 800 ms). Plain DOM with inline styles, so it
 * needs neither React state nor a stylesheet and works in any shell.
 */
import { PROGRESS_BAR } from '../../shared/constants/layout.ts';

export interface ProgressBar {
  start(): void;
  done(): void;
}

/** The next value of a trickling bar: big steps at first, ever smaller as it nears the end, never 1. */
export function trickle(value: number): number {
  const step = value < 0.2 ? 0.1 : value < 0.5 ? 0.04 : value < 0.8 ? 0.02 : value < 0.99 ? 0.005 : 0;
  return Math.min(0.994, Math.max(PROGRESS_BAR.minimum, value + step));
}

export function createProgressBar(color = 'var(--bs-warning, #e09f3e)'): ProgressBar {
  let bar: HTMLDivElement | null = null;
  let value = 0;
  let running = 0;
  let timer: number | undefined;
  let hideTimer: number | undefined;

  function element(): HTMLDivElement {
    if (bar?.isConnected) return bar;
    bar = document.createElement('div');
    bar.setAttribute('aria-hidden', 'true');
    bar.dataset.appProgress = '';
    bar.style.cssText = `position:fixed;top:0;left:0;height:3px;width:100%;z-index:2100;pointer-events:none;background:${color};transform-origin:0 50%;transition:transform ${PROGRESS_BAR.speed}ms ease,opacity ${PROGRESS_BAR.speed}ms linear;transform:scaleX(0);opacity:1`;
    document.body.append(bar);
    return bar;
  }

  function set(next: number): void {
    value = next;
    const el = element();
    el.style.opacity = '1';
    el.style.transform = `scaleX(${value})`;
  }

  return {
    start() {
      running += 1;
      if (running > 1) return;
      window.clearTimeout(hideTimer);
      set(PROGRESS_BAR.minimum);
      window.clearInterval(timer);
      timer = window.setInterval(() => set(trickle(value)), PROGRESS_BAR.trickleSpeed);
    },
    done() {
      if (running === 0) return;
      running -= 1;
      if (running > 0) return;
      window.clearInterval(timer);
      set(1);
      // Let the bar reach the end, then fade it and reset for the next run.
      hideTimer = window.setTimeout(() => {
        const el = element();
        el.style.opacity = '0';
        hideTimer = window.setTimeout(() => {
          el.style.transition = 'none';
          el.style.transform = 'scaleX(0)';
          // Force the reset to apply before transitions come back.
          void el.offsetWidth;
          el.style.transition = `transform ${PROGRESS_BAR.speed}ms ease,opacity ${PROGRESS_BAR.speed}ms linear`;
          value = 0;
        }, PROGRESS_BAR.speed);
      }, PROGRESS_BAR.speed);
    },
  };
}
