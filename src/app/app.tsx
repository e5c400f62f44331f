import { useEffect, useState } from 'react';

type Health = 'checking' | 'ready' | 'unreachable';

/** The bare shell: the workbench itself lands in a later issue. */
export function App() {
  const [health, setHealth] = useState<Health>('checking');
  useEffect(() => {
    fetch('/api/health')
      .then((r) => setHealth(r.ok ? 'ready' : 'unreachable'))
      .catch(() => setHealth('unreachable'));
  }, []);
  return (
    <main
      style={{
        fontFamily: 'system-ui, sans-serif',
        maxWidth: 720,
        margin: '4rem auto',
        padding: '0 1rem',
      }}
    >
      <h1>Strata</h1>
      <p>An open SQL analytics workbench.</p>
      <p>
        Service: <strong data-testid="health">{health}</strong>. The API is documented at{' '}
        <a href="/api/docs">/api/docs</a>.
      </p>
    </main>
  );
}
