import { useEffect, useRef, useState, type Dispatch, type RefObject, type SetStateAction } from 'react';
import type { ShardScopeStore, SimParams } from '../../state';
import type { ReplayReport } from '../../sim';

/** How fast the replay walks the stream's time: 1×, 10×, 100×, or straight to the end. */
export type ReplaySpeed = '1' | '10' | '100' | 'max';

/** A replay's report and where it is in the stream's time, with the controls that move it. */
export interface ReplayState {
  readonly report: ReplayReport | null;
  readonly error: string | null;
  /** Seconds of the stream's time walked so far. */
  readonly time: number;
  readonly setTime: (x: number) => void;
  readonly speed: ReplaySpeed;
  readonly setSpeed: Dispatch<SetStateAction<ReplaySpeed>>;
  readonly playing: boolean;
  readonly setPlaying: Dispatch<SetStateAction<boolean>>;
  /** The panel, brought into view when the first replay arrives. */
  readonly box: RefObject<HTMLDivElement | null>;
}

/**
 * The replay of an imported stream while `on`: asked of the model again whenever the run's
 * replicas or selectors change, played at once the first time, and walked at the chosen speed.
 */
export function useReplay(store: ShardScopeStore, on: boolean, applied: SimParams | null): ReplayState {
  const [report, setReport] = useState<ReplayReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [time, setTimeState] = useState(0);
  const timeRef = useRef(0);
  const setTime = (x: number) => {
    timeRef.current = x;
    setTimeState(x);
  };
  const [speed, setSpeed] = useState<ReplaySpeed>('1');
  const [playing, setPlaying] = useState(false);
  const started = useRef(false);
  const box = useRef<HTMLDivElement>(null);
  const scrollPending = useRef(false);

  // Hidden (or a new import): the next replay starts afresh.
  useEffect(() => {
    if (on) return;
    started.current = false;
    setReport(null);
    setPlaying(false);
    timeRef.current = 0;
    setTimeState(0);
  }, [on]);

  // The model replays the stream again whenever the run's replicas or selectors change.
  useEffect(() => {
    if (!on || !applied) return;
    const engine = store.data.engine;
    if (!engine) return;
    let live = true;
    engine.streamReplay().then(
      (r) => {
        if (!live) return;
        setReport(r);
        setError(null);
        // The first replay starts playing at once, at its own pace.
        if (!started.current) {
          started.current = true;
          setPlaying(true);
          scrollPending.current = true;
        }
      },
      (e: unknown) => live && setError(String((e as Error)?.message ?? e)),
    );
    return () => {
      live = false;
    };
  }, [on, applied, store]);

  // The replay was asked for from the dialog or the import's bar: bring it into view once.
  useEffect(() => {
    if (!report || !scrollPending.current || !box.current) return;
    scrollPending.current = false;
    box.current.scrollIntoView({ block: 'start' });
  }, [report]);

  // Walks the stream's time at the chosen speed; 'max' jumps to the end.
  useEffect(() => {
    if (!playing || !report) return;
    if (speed === 'max') {
      setTime(report.duration);
      setPlaying(false);
      return;
    }
    const rate = Number(speed);
    let last = performance.now();
    let frame = requestAnimationFrame(function tick(now: number) {
      const dt = Math.min(1, (now - last) / 1000);
      last = now;
      const next = Math.min(report.duration, timeRef.current + dt * rate);
      setTime(next);
      if (next >= report.duration) setPlaying(false);
      else frame = requestAnimationFrame(tick);
    });
    return () => cancelAnimationFrame(frame);
  }, [playing, speed, report]);

  return { report, error, time, setTime, speed, setSpeed, playing, setPlaying, box };
}
