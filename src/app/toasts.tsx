import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';

/** The toast host, in its own chunk: `notifications.show()` works before it has loaded. */
export default function Toasts() {
  return <Notifications position="top-right" />;
}
