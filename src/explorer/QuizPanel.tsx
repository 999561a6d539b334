// UI: the quiz — guess what the next request evicts.

import { selectFrame, selectQuiz, useExplorer } from './explorerStore';
import { contentsOf } from './CacheContents';

/** Predict the victim: at each eviction, name the page that will leave; the core gives the answer. */
export function QuizPanel() {
  const quiz = useExplorer(selectQuiz);
  const frame = useExplorer(selectFrame);
  const { toggleQuiz, quizNext, answer } = useExplorer.getState();
  if (!frame || frame.flash) return null;
  const resident = contentsOf(frame.snapshot).resident;
  return (
    <section className="quiz" aria-label="Quiz">
      <button type="button" aria-pressed={quiz.on} onClick={toggleQuiz}>
        Predict the victim
      </button>
      {quiz.on && (
        <>
          <output aria-label="Quiz score">
            {quiz.right} right, {quiz.wrong} wrong
          </output>
          {quiz.question ? (
            <div role="group" aria-label="Which page will leave?">
              <p>Request {quiz.question.position + 1} will evict a page. Which one? Click it in the drawing, or choose it here:</p>
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
          {quiz.feedback && (
            <p role="status" aria-label="Quiz answer">
              {quiz.feedback.right ? 'Right' : 'Not quite'}: {quiz.feedback.victims.map((v) => `page ${v}`).join(', ')} left
              {quiz.feedback.right ? '.' : `, not page ${quiz.feedback.answer}.`}
            </p>
          )}
        </>
      )}
    </section>
  );
}
