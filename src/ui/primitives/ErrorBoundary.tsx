/**
 * Error boundaries: a render error in one panel shows a message in that
 * panel's place and the rest of the page keeps running; an error outside every panel shows a
 * message for the whole app instead of an empty page. React unmounts everything up to the
 * nearest boundary, so each panel has its own.
 */
import { Component, type ReactNode } from 'react';
import { createTranslator, useT, type Locale } from '../i18n';

interface BoundaryProps {
  readonly fallback: (message: string, reset: () => void) => ReactNode;
  readonly children?: ReactNode;
}

interface BoundaryState {
  readonly failed: boolean;
  readonly message: string;
}

/** The longest error message quoted back (an error's text may hold anything). */
const MESSAGE_MAX = 200;

function messageOf(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.length > MESSAGE_MAX ? `${text.slice(0, MESSAGE_MAX - 1)}…` : text;
}

/** Renders `children`, or `fallback` once they have thrown while rendering. */
class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, message: '' };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { failed: true, message: messageOf(error) };
  }

  private readonly reset = (): void => this.setState({ failed: false, message: '' });

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback(this.state.message, this.reset) : this.props.children;
  }
}

function PanelError({ message, reset }: { message: string; reset: () => void }) {
  const t = useT();
  return (
    <div className="banner banner--error panel-error" role="alert" data-testid="panel-error">
      <span>{t('error.panel', { message })}</span>
      <button type="button" className="button button--small" onClick={reset}>
        {t('error.panelRetry')}
      </button>
    </div>
  );
}

/** One panel: if it throws while rendering, a message takes its place (in the page's language). */
export function PanelBoundary({ children }: { children?: ReactNode }) {
  return <Boundary fallback={(message, reset) => <PanelError message={message} reset={reset} />}>{children}</Boundary>;
}

/**
 * The whole app: if anything outside the panels throws, a message and a reload button instead
 * of an empty page. `locale` is asked for only then (the language context may be what failed).
 */
export function AppBoundary({ locale, children }: { locale: () => Locale; children?: ReactNode }) {
  return (
    <Boundary
      fallback={(message) => {
        const t = createTranslator(locale());
        return (
          <div className="app-error banner banner--error" role="alert" data-testid="app-error">
            <span>{t('error.app', { message })}</span>
            <button type="button" className="button button--small" onClick={() => location.reload()}>
              {t('error.appReload')}
            </button>
          </div>
        );
      }}
    >
      {children}
    </Boundary>
  );
}
