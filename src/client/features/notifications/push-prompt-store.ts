/** The person's answer to the in-app prompt on this browser ("Not now" is remembered), per account. */
const PROMPT_KEY = 'chaska.push-prompt';

export function promptAnswered(userId: string): boolean {
  try {
    return window.localStorage.getItem(`${PROMPT_KEY}:${userId}`) !== null;
  } catch {
    return false;
  }
}

export function rememberPromptAnswer(userId: string, answer: 'on' | 'not-now'): void {
  try {
    window.localStorage.setItem(`${PROMPT_KEY}:${userId}`, answer);
  } catch {
    // Private mode without storage: the prompt may come back, nothing worse.
  }
}
