// UI: the quiz — guess what the next request evicts; the core says what left and why.

import { selectFrame, selectQuiz, useExplorer, type QuizAnswer } from './explorerStore';
import { contentsOf } from './CacheContents';

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** "Right: page 7 left. Oldest in the queue." — the reason is the core's (`policy::reason`). */
export function feedbackText(f: QuizAnswer): string {
  const left = `${f.victims.map((v) => `page ${v}`).join(', ')} left`;
  const verdict = f.right ? `Right: ${left}.` : `Not quite: ${left}, not page ${f.answer}.`;
  return f.reason ? `${verdict} ${cap(f.reason)}.` : verdict;
}

/** Predict the victim: at each eviction, name the page that will leave; the core gives the answer and its reason. */
export function QuizPanel() {
  const quiz = useExplorer(selectQuiz);
  const frame = useExplorer(selectFrame);
  const { toggleQuiz, quizNext, answer } = useExplorer.getState();
  if (!frame || frame.flash) return null;
  const resident = contentsOf(frame.snapshot).resident;
  const q = quiz.question;
  return (
    <section className="quiz" aria-label="Quiz">
      <button type="button" aria-pressed={quiz.on} onClick={toggleQuiz} disabled={quiz.locked}>
        Predict the victim
      </button>
      {quiz.on && (
        <>
          {!quiz.locked && (
            <output aria-label="Quiz score">
              {quiz.right} right, {quiz.wrong} wrong
            </output>
          )}
          {q ? (
            <div role="group" aria-label="Which page will leave?">
              <p>
                Request {q.position + 1}
                {q.page !== null ? ` (page ${q.page})` : ''} will evict a page. Which one? Click it in the drawing, or choose it here:
              </p>
              {resident.map((r) => (
                <button key={r.page} type="button" className="small" onClick={() => answer(r.page)}>
                  Page {r.page}
                </button>
              ))}
            </div>
          ) : (
            <button type="button" className="primary" onClick={quizNext} disabled={frame.position >= frame.total}>
              Next request
            </button>
          )}
          {quiz.feedback && !quiz.locked && (
            <p role="status" aria-label="Quiz answer">
              {feedbackText(quiz.feedback)}
            </p>
          )}
        </>
      )}
    </section>
  );
}
