/**
 * A talk's own slides, on the stage in place of the panels: the title, the agenda, the
 * section slide before each story (its title and its steps), and the end slide ("Questions?"
 * with the QR code of the talk's link, drawn locally). A step slide is the story's step, shown
 * by the page as any story step is, so it is not here.
 */
import { useEffect, useMemo, useRef } from 'react';
import { talkLink } from '../../state';
import { storyById } from '../../stories';
import { talkById, talkMinutes, type Talk, type TalkSlide } from '../../stories/talks';
import { currentBase, makeQr, paintQr, shareLink } from '../export';
import { useT } from '../i18n';
import './talk.css';

/** The slide `slide` of talk `talkId` (nothing for a step slide, or a talk that does not exist). */
export function TalkSlideView({ talkId, slide }: { talkId: string; slide: TalkSlide }) {
  const talk = talkById(talkId);
  if (!talk) return null;
  switch (slide.kind) {
    case 'title':
      return <TitleSlide talk={talk} />;
    case 'agenda':
      return <AgendaSlide talk={talk} />;
    case 'section':
      return <SectionSlide talk={talk} story={slide.story} />;
    case 'end':
      return <EndSlide talk={talk} />;
    case 'step':
      return null;
  }
}

function TitleSlide({ talk }: { talk: Talk }) {
  const t = useT();
  return (
    <section className="talk-slide talk-slide--title" data-testid="talk-slide" aria-labelledby="talk-slide-heading">
      <h1 id="talk-slide-heading" className="talk-slide__heading">
        {t(talk.title)}
      </h1>
      <p className="talk-slide__subtitle">{t(talk.subtitle)}</p>
      <p className="talk-slide__meta">
        KEP-5866 · ShardedListAndWatch · {t('talk.minutes', { count: talkMinutes(talk) })}
      </p>
      <p className="talk-slide__hint">{t('talk.start')}</p>
    </section>
  );
}

function AgendaSlide({ talk }: { talk: Talk }) {
  const t = useT();
  return (
    <section className="talk-slide talk-slide--agenda" data-testid="talk-slide" aria-labelledby="talk-slide-heading">
      <h2 id="talk-slide-heading" className="talk-slide__heading">
        {t('talk.agenda')}
      </h2>
      <ol className="talk-slide__agenda">
        {talk.parts.map((p) => {
          const story = storyById(p.story);
          return story ? (
            <li key={p.story} data-story={p.story}>
              <span className="talk-slide__agenda-title">{t(story.title)}</span>
              <span className="talk-slide__agenda-minutes">{t('talk.minutes', { count: p.minutes })}</span>
            </li>
          ) : null;
        })}
      </ol>
    </section>
  );
}

function SectionSlide({ talk, story: id }: { talk: Talk; story: string }) {
  const t = useT();
  const story = storyById(id);
  const part = talk.parts.findIndex((p) => p.story === id);
  if (!story || part < 0) return null;
  return (
    <section className="talk-slide talk-slide--section" data-testid="talk-slide" aria-labelledby="talk-slide-heading">
      <p className="talk-slide__part">{t('talk.part', { n: part + 1, m: talk.parts.length })}</p>
      <h2 id="talk-slide-heading" className="talk-slide__heading">
        {t(story.title)}
      </h2>
      <ol className="talk-slide__steps">
        {story.steps.map((s, i) => (
          <li key={i}>{t(s.title)}</li>
        ))}
      </ol>
    </section>
  );
}

function EndSlide({ talk }: { talk: Talk }) {
  const t = useT();
  const canvas = useRef<HTMLCanvasElement>(null);
  // The talk from its start, at the public address when one is set (the audience's phones
  // cannot open this machine's file or localhost).
  const url = shareLink(currentBase().base, talkLink({ id: talk.id, slide: { kind: 'title' } }));
  const qr = useMemo(() => makeQr(url), [url]);
  useEffect(() => {
    if (qr && canvas.current) paintQr(canvas.current, qr);
  }, [qr]);
  return (
    <section className="talk-slide talk-slide--end" data-testid="talk-slide" aria-labelledby="talk-slide-heading">
      <h2 id="talk-slide-heading" className="talk-slide__heading">
        {t('talk.end')}
      </h2>
      {qr ? (
        <div className="talk-slide__qr">
          <canvas ref={canvas} className="talk-slide__code" data-testid="talk-qr" role="img" aria-label={url} />
          <div>
            <p className="talk-slide__subtitle">{t('talk.endLink')}</p>
            <p className="talk-slide__url" data-testid="talk-url">
              <code>{url}</code>
            </p>
          </div>
        </div>
      ) : (
        <p className="talk-slide__subtitle">{t('talk.endNoLink')}</p>
      )}
    </section>
  );
}
