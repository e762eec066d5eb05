import { Notifications } from '@mantine/notifications';

/** The toast host (bottom-left); its own chunk, loaded after the first paint. */
export default function Toasts() {
  return <Notifications position="bottom-left" limit={4} zIndex={1000} />;
}
