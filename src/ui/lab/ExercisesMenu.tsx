/**
 * The header's "Exercises" menu, beside Stories: every exercise with done or not
 * done, the progress, opening a story or exercise file from disk, and Reset everything.
 */
import { useRef, type ChangeEvent } from 'react';
import { useStore } from 'zustand';
import { useShardScopeStore, type ShardScopeStore } from '../../state';
import { registerStory } from '../../stories';
import { showStoryStep } from '../../stories/controller';
import { allExercises, registerExercise } from '../../stories/exercises';
import { openExercise } from '../../stories/exercises/controller';
import { MAX_FILE_BYTES, readLabFile, registerStoryTexts } from '../../stories/exercises/file';
import { useHeaderMenu } from '../primitives';
import { useFormat, useLocale, useT } from '../i18n';
import { ResetAllButton, useExerciseText } from './ExercisePanel';
import { bumpLoaded, labStore, setNotice } from './labState';

/** Reads a file chosen by the trainee, opens what it holds, or says why not (never throws). */
export async function openLabFile(store: ShardScopeStore, file: File, locale: string): Promise<void> {
  if (file.size > MAX_FILE_BYTES) {
    setNotice({ file: file.name, ok: false, tooLarge: file.size });
    return;
  }
  let text: string;
  try {
    text = await file.text();
  } catch (e) {
    setNotice({ file: file.name, ok: false, problems: [{ path: '(the file)', message: String((e as Error)?.message ?? e) }] });
    return;
  }
  const read = readLabFile(text);
  if (!read.ok) {
    const r = read.refusal;
    setNotice(r.kind === 'syntax' ? { file: file.name, ok: false, syntax: r } : { file: file.name, ok: false, problems: r.problems });
    return;
  }
  if (read.file.kind === 'exercise') {
    const ex = read.file.exercise;
    registerExercise(ex);
    bumpLoaded();
    const title = typeof ex.title === 'string' ? ex.title : ((locale === 'zh-CN' ? ex.title['zh-CN'] : undefined) ?? ex.title.en);
    setNotice({ file: file.name, ok: true, title });
    openExercise(store, ex.id);
    return;
  }
  const { story, texts } = read.file;
  registerStoryTexts(texts);
  registerStory(story);
  bumpLoaded();
  const t = texts[story.title];
  setNotice({ file: file.name, ok: true, story: true, title: (locale === 'zh-CN' ? t?.['zh-CN'] : undefined) ?? t?.en ?? story.id });
  showStoryStep(store, story.id, 1);
}

export function ExercisesMenu() {
  const t = useT();
  const tx = useExerciseText();
  const locale = useLocale();
  const store = useShardScopeStore();
  const done = useStore(labStore, (s) => s.done);
  useStore(labStore, (s) => s.loadedVersion);
  const { open, setOpen, button, box, panelId: listId, onKeyDown } = useHeaderMenu();
  const fileInput = useRef<HTMLInputElement>(null);
  const list = allExercises();
  const count = list.filter((e) => done.includes(e.id)).length;

  const onFile = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    setOpen(false);
    if (file) void openLabFile(store, file, locale);
  };

  return (
    <div
      className="stories-menu lab-menu"
      ref={box}
      onKeyDown={onKeyDown}
    >
      <button
        ref={button}
        type="button"
        className="button button--icon"
        data-testid="exercises-menu"
        aria-expanded={open}
        aria-controls={listId}
        aria-label={t('lab.menu')}
        title={t('lab.menuTitle')}
        onClick={() => setOpen((o) => !o)}
      >
        {/* A checklist: the header keeps one row at 1280x720, so the name is the button's label. */}
        <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M4 6.5l1.6 1.6L8.5 5M4 12.5l1.6 1.6 2.9-3.1M4 18.5l1.6 1.6 2.9-3.1M11 7h9M11 13h9M11 19h9" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </button>
      {open ? (
        <div className="stories-menu__list lab-menu__list" id={listId}>
          <p className="lab-menu__head">
            <strong>{t('lab.menu')}</strong>
            <span data-testid="exercises-progress">{t('lab.menuProgress', { done: count, total: list.length })}</span>
          </p>
          <ol className="lab-menu__items">
            {list.map((ex, i) => {
              const isDone = done.includes(ex.id);
              return (
                <li key={ex.id}>
                  <button
                    type="button"
                    className="stories-menu__item lab-menu__item"
                    data-testid="exercise-item"
                    data-exercise={ex.id}
                    data-done={isDone ? 'true' : 'false'}
                    onClick={() => {
                      setOpen(false);
                      openExercise(store, ex.id);
                    }}
                  >
                    <span className="lab-menu__n">{i + 1}</span>
                    <span className="lab-menu__title">{tx(ex.title)}</span>
                    <span className={isDone ? 'lab-menu__state lab-menu__state--done' : 'lab-menu__state'}>
                      <span aria-hidden="true">{isDone ? '✓' : '○'}</span>
                      <span className="sr-only">{isDone ? t('lab.menuDone') : t('lab.menuNotDone')}</span>
                    </span>
                  </button>
                </li>
              );
            })}
          </ol>
          <div className="lab-menu__foot">
            <button type="button" className="button button--small" data-testid="lab-open-file" title={t('lab.openTitle')} onClick={() => fileInput.current?.click()}>
              {t('lab.open')}
            </button>
            <input ref={fileInput} type="file" accept=".json,application/json" hidden data-testid="lab-file-input" onChange={onFile} />
            <ResetAllButton testId="lab-reset-all-menu" />
          </div>
        </div>
      ) : null}
    </div>
  );
}

/** Says what the last file opened held, or where and why it was refused. */
export function LabFileNotice() {
  const t = useT();
  const f = useFormat();
  const notice = useStore(labStore, (s) => s.notice);
  if (!notice) return null;
  const dismiss = (
    <button type="button" className="button button--small" onClick={() => setNotice(null)}>
      {t('lab.dismiss')}
    </button>
  );
  if (notice.ok) {
    return (
      <div className="banner" role="status" data-testid="lab-file-notice" data-ok="true">
        <span>{t(notice.story ? 'lab.loadedStory' : 'lab.loaded', { title: notice.title ?? '', file: notice.file })}</span>
        {dismiss}
      </div>
    );
  }
  return (
    <div className="banner banner--warn banner--scroll lab-file-error" role="alert" data-testid="lab-file-notice" data-ok="false">
      <div>
        <p>{t('lab.fileRefused', { file: notice.file })}</p>
        {notice.tooLarge !== undefined ? <p>{t('lab.fileTooLarge', { size: f.bytes(notice.tooLarge), limit: f.bytes(MAX_FILE_BYTES) })}</p> : null}
        {notice.syntax ? <p data-testid="lab-file-problem">{t('lab.fileSyntax', { line: notice.syntax.line, column: notice.syntax.column, message: notice.syntax.message })}</p> : null}
        {notice.problems ? (
          <ul>
            {notice.problems.slice(0, 12).map((p, i) => (
              <li key={i} data-testid="lab-file-problem">
                <code>{p.path}</code>: {p.message}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      {dismiss}
    </div>
  );
}
