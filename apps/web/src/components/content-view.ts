/** What `<service-content>` shows for an access answer: pure, so it is tested without a browser. */
export interface AccessAnswer {
  status: string;
  remaining?: number;
}

export interface ContentView {
  state: 'loading' | 'allowed' | 'blocked';
  premium: boolean;
  teaser: boolean;
  paywall: boolean;
  remaining?: number;
}

/** What the element shows for an access answer (none yet: the teaser alone, while it asks). */
export function contentView(answer: AccessAnswer | null | undefined): ContentView {
  if (!answer) return { state: 'loading', premium: false, teaser: true, paywall: false };
  if (answer.status === 'allowed') return { state: 'allowed', premium: true, teaser: false, paywall: false, remaining: answer.remaining };
  return { state: 'blocked', premium: false, teaser: true, paywall: true, remaining: answer.remaining };
}
