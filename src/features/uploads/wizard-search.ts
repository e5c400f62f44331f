/** How the wizard starts: /uploads/new?mode=new|append|replace&table=… (read by its route). */
export type WizardMode = 'new' | 'append' | 'replace';
export type WizardSearch = { mode: WizardMode; table?: string };
