//! A task that hands each message of a broadcast channel to a handler, and can be asked
//! whether it has handled everything sent so far: a tool call uses that to know that
//! what its own backend events did (the tracker, the notices) is in place before it
//! answers. The redaction relay is one: it masks each backend event and applies it
//! to the app's state on its own task.

use tokio::sync::broadcast::{self, error::RecvError, error::TryRecvError};
use tokio::sync::{mpsc, oneshot};

/// How a pump is asked; see [`Pump::caught_up`].
#[derive(Clone)]
pub struct Pump {
    asked: mpsc::UnboundedSender<oneshot::Sender<()>>,
}

impl Pump {
    /// Start handing `source`'s messages to `handle` on a task of their own; `what` names
    /// the pump when it falls behind (the messages it missed are logged, not handled).
    pub fn start<T: Clone + Send + 'static>(
        source: broadcast::Receiver<T>,
        handle: impl FnMut(T) + Send + 'static,
        what: &'static str,
    ) -> Self {
        // One task body per message type, whatever the handler (the binary's size).
        Self::start_boxed(source, Box::new(handle), what)
    }

    fn start_boxed<T: Clone + Send + 'static>(
        mut source: broadcast::Receiver<T>,
        mut handle: Box<dyn FnMut(T) + Send>,
        what: &'static str,
    ) -> Self {
        let (asked, mut questions) = mpsc::unbounded_channel::<oneshot::Sender<()>>();
        tokio::spawn(async move {
            loop {
                tokio::select! {
                    biased;
                    received = source.recv() => match received {
                        Ok(message) => handle(message),
                        Err(RecvError::Lagged(missed)) => tracing::warn!(missed, "{what} fell behind"),
                        Err(RecvError::Closed) => break,
                    },
                    Some(answer) = questions.recv() => {
                        // Every message sent before the question is in the channel by now.
                        loop {
                            match source.try_recv() {
                                Ok(message) => handle(message),
                                Err(TryRecvError::Lagged(_)) => continue,
                                Err(TryRecvError::Empty | TryRecvError::Closed) => break,
                            }
                        }
                        let _ = answer.send(());
                    }
                }
            }
        });
        Self { asked }
    }

    /// Once every message sent before this call has been handled; at most `bound` (a
    /// pump that is gone or stuck is not waited for).
    pub async fn caught_up(&self, bound: std::time::Duration) {
        let (answer, answered) = oneshot::channel();
        if self.asked.send(answer).is_ok() {
            let _ = tokio::time::timeout(bound, answered).await;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Pump;
    use std::sync::{Arc, Mutex};
    use std::time::Duration;
    use tokio::sync::broadcast;

    #[tokio::test]
    async fn caught_up_means_every_message_sent_before_was_handled() {
        let (sender, receiver) = broadcast::channel(64);
        let seen = Arc::new(Mutex::new(Vec::new()));
        let into = seen.clone();
        let pump = Pump::start(
            receiver,
            move |n: u32| into.lock().unwrap().push(n),
            "test pump",
        );
        for round in 0..50u32 {
            sender.send(round).unwrap();
            pump.caught_up(Duration::from_secs(5)).await;
            assert_eq!(seen.lock().unwrap().last(), Some(&round));
        }
    }
}
