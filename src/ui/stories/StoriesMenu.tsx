/**
 * The header's "Stories" menu: a disclosure button and the list of guided stories.
 * Choosing one shows its first step. Esc or a click elsewhere closes the list.
 */
import { useShardScopeStore } from '../../state';
import { STORIES, loadedStories } from '../../stories';
import { showStoryStep } from '../../stories/controller';
import { useHeaderMenu } from '../primitives';
import { useT } from '../i18n';

export function StoriesMenu() {
  const t = useT();
  const store = useShardScopeStore();
  const { open, setOpen, button, box, panelId: listId, onKeyDown } = useHeaderMenu();

  return (
    <div
      className="stories-menu"
      ref={box}
      onKeyDown={onKeyDown}
    >
      <button
        ref={button}
        type="button"
        className="button button--icon"
        data-testid="stories-menu"
        aria-expanded={open}
        aria-controls={listId}
        aria-label={t('stories.menu')}
        title={t('stories.menuTitle')}
        onClick={() => setOpen((o) => !o)}
      >
        {/* An open book: the header keeps one row at 1280x720, so the name is the button's label. */}
        <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M12 6c-2-1.5-5-2-8-1.5v13c3-.5 6 0 8 1.5 2-1.5 5-2 8-1.5v-13c-3-.5-6 0-8 1.5zm0 0v13" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
        </svg>
      </button>
      {open ? (
        <ul className="stories-menu__list" id={listId}>
          {[...STORIES, ...loadedStories()].map((s) => (
            <li key={s.id}>
              <button
                type="button"
                className="stories-menu__item"
                data-testid={`story-item-${s.id}`}
                onClick={() => {
                  setOpen(false);
                  showStoryStep(store, s.id, 1);
                }}
              >
                {t(s.title)}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
