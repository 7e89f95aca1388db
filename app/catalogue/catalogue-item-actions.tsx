/**
 * What the catalogue screens share to change the tree in place: the frame (one h1, the change's
 * banner announced, a refusal said plainly), the Move up / Move down buttons (named for their item;
 * focus stays on the moved item's button), and Retire / Restore, each asked first in a dialog
 * naming what it will do. A 409 (already first, a holder still retired, someone else's change)
 * closes the dialog, shows the server's words and loads the tree afresh.
 */
import '../styles/catalogue-management.css';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode, type RefObject } from 'react';
import type { TeamCatalogueItem, TeamSiblingOrder } from '../../common/api/team-catalogue';
import { ConfirmDialog } from '../lib/components/confirm-dialog';
import { useFlashMessage } from '../lib/use-flash-message';
import { useHeadingFocus } from '../lib/use-heading-focus';
import { saveProblemOf, useSave } from '../lib/use-save';
import { moveCatalogueItem, refreshTree, rememberOrder, restoreCatalogueItem, retireCatalogueItem } from './catalogue-management-api';
import { statusChangeDone, statusChangeQuestion, type StatusChange } from './catalogue-item-changes';
import { placeOf, type FoundItem, type MoveOptions } from './catalogue-tree';

const CHANGE_FAILED_MESSAGE = 'The change was not saved. Check your connection and try again.';

type Direction = 'up' | 'down';

interface MoveRequest {
  kind: 'channel' | 'catalogue';
  id: number;
  title: string;
  direction: Direction;
}

/** The element to focus once a change has rendered, by its `data-focus-key`: the first of `keys` on the page. */
interface FocusRequest {
  keys: string[];
}

export function moveFocusKey(kind: string, id: number, direction: Direction): string {
  return `move-${kind}-${String(id)}-${direction}`;
}

export function statusFocusKey(kind: string, id: number): string {
  return `status-${kind}-${String(id)}`;
}

/** The state and handlers of the changes made on one screen. */
export function useCatalogueChanges() {
  const queryClient = useQueryClient();
  const { headingRef, focusHeading } = useHeadingFocus();
  const [message, setMessage] = useFlashMessage();
  const [problem, setProblem] = useState('');
  const [asking, setAsking] = useState<{ change: StatusChange; found: FoundItem } | null>(null);
  const [focusRequest, setFocusRequest] = useState<FocusRequest | null>(null);

  useEffect(() => {
    if (focusRequest === null) {
      return undefined;
    }
    // After the render that moved the item: React moves rows by re-inserting them, which drops focus.
    const frame = requestAnimationFrame(() => {
      const target = focusRequest.keys
        .map((key) => document.querySelector<HTMLElement>(`[data-focus-key="${key}"]`))
        .find((element) => element !== null);
      if (target) {
        target.focus();
      } else {
        headingRef.current?.focus();
      }
    });
    return () => cancelAnimationFrame(frame);
  }, [focusRequest, headingRef]);

  const moving = useSave<TeamSiblingOrder, MoveRequest>({
    mutationFn: ({ kind, id, direction }) => moveCatalogueItem(kind, id, direction),
    failedMessage: CHANGE_FAILED_MESSAGE,
  });
  const changing = useSave<TeamCatalogueItem, { change: StatusChange; found: FoundItem }>({
    mutationFn: ({ change, found }) => (change === 'retire' ? retireCatalogueItem : restoreCatalogueItem)(found.kind, found.item.id),
    failedMessage: CHANGE_FAILED_MESSAGE,
  });

  const refused = (text: string) => {
    setMessage('');
    setProblem(text);
    void refreshTree(queryClient);
  };

  const move = (request: MoveRequest) => {
    if (moving.isSaving) {
      return;
    }
    setProblem('');
    moving.save(request, {
      onSuccess: (order) => {
        rememberOrder(queryClient, order);
        const index = order.ids.indexOf(request.id);
        setMessage(`You moved ‘${request.title}’ ${request.direction}. It is now ${placeOf(index, order.ids.length)}.`);
        const other = request.direction === 'up' ? 'down' : 'up';
        setFocusRequest({ keys: [moveFocusKey(request.kind, request.id, request.direction), moveFocusKey(request.kind, request.id, other)] });
      },
      onError: (error) => {
        const { message: text } = saveProblemText(error);
        refused(text);
        focusHeading();
      },
    });
  };

  const closeDialog = () => {
    changing.reset();
    setAsking(null);
  };

  const confirmStatusChange = () => {
    if (asking === null || changing.isSaving) {
      return;
    }
    changing.save(asking, {
      onSuccess: () => {
        setProblem('');
        setMessage(statusChangeDone(asking.change, asking.found));
        closeDialog();
        void refreshTree(queryClient);
        // The dialog hands focus back to the button that opened it, which now offers the other change.
        setFocusRequest({ keys: [statusFocusKey(asking.found.kind, asking.found.item.id)] });
      },
      onError: (error) => {
        const found = saveProblemText(error);
        if (found.isConflict) {
          closeDialog();
          refused(found.message);
          setFocusRequest({ keys: [statusFocusKey(asking.found.kind, asking.found.item.id)] });
        }
      },
    });
  };

  const dialogProblem = changing.problem !== null && changing.problem.kind !== 'conflict' ? changing.problem : null;
  const question = asking === null ? null : statusChangeQuestion(asking.change, asking.found);
  const dialog =
    question === null ? null : (
      <ConfirmDialog
        title={question.title}
        confirmLabel={question.confirmLabel}
        isPending={changing.isSaving}
        errorMessage={dialogProblem === null ? undefined : dialogProblem.kind === 'failed' ? dialogProblem.message : CHANGE_FAILED_MESSAGE}
        onConfirm={confirmStatusChange}
        onCancel={closeDialog}
      >
        {question.paragraphs.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </ConfirmDialog>
    );

  return {
    headingRef,
    message,
    problem,
    dialog,
    move,
    askStatusChange: (change: StatusChange, found: FoundItem) => setAsking({ change, found }),
  };
}

/** A refusal in the server's words: a 409 (or a 400's first problem, or a failure) as one sentence. */
function saveProblemText(error: unknown): { isConflict: boolean; message: string } {
  const problem = saveProblemOf(error, CHANGE_FAILED_MESSAGE);
  return { isConflict: problem.kind === 'conflict', message: problem.kind === 'fields' ? (problem.errors[0]?.message ?? CHANGE_FAILED_MESSAGE) : problem.message };
}

/** The screen's frame: caption, the one h1 (focused after a change that removed what had focus), the banner and a refusal. */
export function CatalogueScreenFrame({
  caption,
  title,
  headingRef,
  message,
  problem,
  children,
}: {
  caption?: string;
  title: string;
  headingRef: RefObject<HTMLHeadingElement | null>;
  message: string;
  problem: string;
  children: ReactNode;
}) {
  return (
    <div className="screen catalogue-management">
      {caption !== undefined && <p className="catalogue-management__caption">{caption}</p>}
      <h1 ref={headingRef} tabIndex={-1}>
        {title}
      </h1>
      <div role="status" className="catalogue-management__message">
        {message !== '' && <p className="alert alert--success">{message}</p>}
      </div>
      {problem !== '' && (
        <div className="alert alert--error catalogue-management__problem" role="alert">
          <p>{problem}</p>
          <p>This page now shows the catalogue as it is.</p>
        </div>
      )}
      {children}
    </div>
  );
}

/** Move up and Move down for one channel or catalogue, each named for it ('Move Cloud Services up'); only the moves it has. */
export function MoveButtons({
  kind,
  id,
  title,
  options,
  onMove,
}: {
  kind: 'channel' | 'catalogue';
  id: number;
  title: string;
  options: MoveOptions;
  onMove: (request: MoveRequest) => void;
}) {
  if (!options.canMoveUp && !options.canMoveDown) {
    return null;
  }
  const button = (direction: Direction) => (
    <button
      type="button"
      className="button button--secondary catalogue-move"
      data-focus-key={moveFocusKey(kind, id, direction)}
      onClick={() => onMove({ kind, id, title, direction })}
    >
      Move <span className="visually-hidden">{title}</span> {direction}
    </button>
  );
  return (
    <div className="catalogue-moves">
      {options.canMoveUp && button('up')}
      {options.canMoveDown && button('down')}
    </div>
  );
}

/** Retire, or Restore once retired: one button, so focus stays on it when its change is made. */
export function StatusChangeButton({ found, onAsk }: { found: FoundItem; onAsk: (change: StatusChange, found: FoundItem) => void }) {
  const change: StatusChange = found.item.retiredAt === null ? 'retire' : 'restore';
  return (
    <button type="button" className="link-button" data-focus-key={statusFocusKey(found.kind, found.item.id)} onClick={() => onAsk(change, found)}>
      {change === 'retire' ? 'Retire' : 'Restore'} <span className="visually-hidden">{found.item.title}</span>
    </button>
  );
}
