/** Small inline icons (no icon font: the page makes no requests and system fonts lack some glyphs). */
const common = { width: 18, height: 18, viewBox: '0 0 24 24', 'aria-hidden': true, focusable: false } as const;

/**
 * Step back one frame: a triangle pointing left, then a bar (◀|), as a video player's frame
 * step. Not |◀, which reads as "go to the start".
 */
export function StepBackIcon() {
  return (
    <svg {...common} data-icon="step-back">
      <path d="M15 5v14L4 12z" fill="currentColor" />
      <rect x="17" y="5" width="3" height="14" fill="currentColor" />
    </svg>
  );
}

/** Step forward one frame: a bar, then a triangle pointing right (|▶). Not ▶|, "go to the end". */
export function StepForwardIcon() {
  return (
    <svg {...common} data-icon="step-forward">
      <rect x="4" y="5" width="3" height="14" fill="currentColor" />
      <path d="M9 5v14l11-7z" fill="currentColor" />
    </svg>
  );
}

/** Presentation mode: a projector screen on its stand. */
export function PresentationIcon() {
  return (
    <svg {...common}>
      <rect x="3" y="4" width="18" height="12" rx="1.5" fill="none" stroke="currentColor" strokeWidth="2.2" />
      <path d="M12 16v3M8 21l4-2 4 2" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
      <path d="M7 12l3-3 2 2 4-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export function PlayIcon() {
  return (
    <svg {...common}>
      <path d="M6 4v16l14-8z" fill="currentColor" />
    </svg>
  );
}

export function PauseIcon() {
  return (
    <svg {...common}>
      <rect x="5" y="4" width="5" height="16" fill="currentColor" />
      <rect x="14" y="4" width="5" height="16" fill="currentColor" />
    </svg>
  );
}

/** Two chain links: copy a link to this run. */
export function LinkIcon() {
  return (
    <svg {...common}>
      <path d="M10 14a4 4 0 0 0 5.66 0l3-3a4 4 0 0 0-5.66-5.66l-1.2 1.2" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
      <path d="M14 10a4 4 0 0 0-5.66 0l-3 3a4 4 0 0 0 5.66 5.66l1.2-1.2" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
    </svg>
  );
}

/** A check mark: done. */
export function CheckIcon() {
  return (
    <svg {...common}>
      <path d="M5 12.5l4.5 4.5L19 7.5" fill="none" stroke="currentColor" strokeWidth="2.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** An arrow into a tray: bring a file in (Import). */
export function ImportIcon() {
  return (
    <svg {...common}>
      <path d="M12 4v10M7.5 9.5L12 14l4.5-4.5" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
      <path d="M5 14v4.5h14V14" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
