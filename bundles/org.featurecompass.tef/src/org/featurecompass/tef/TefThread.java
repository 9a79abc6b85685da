package org.featurecompass.tef;

/**
 * A thread as TEF identifies it: process id and thread id, each as text (empty when absent).
 *
 * @param pid the process id text
 * @param tid the thread id text
 */
public record TefThread(String pid, String tid) {
}
