package dev.lakegate.translator.mapping;

/**
 * Who holds a lock, kept in a lease's holder as {@code user@hostname (agent)}: readable in native
 * tools and parsed back for show_locks. The user may contain {@code @} (Kerberos principals); a
 * host name does not, so the last {@code @} before the agent separates them.
 */
public record LockHolder(String user, String hostname, String agentInfo) {

    public static String encode(String user, String hostname, String agentInfo) {
        StringBuilder holder =
                new StringBuilder(Values.nullToEmpty(user)).append('@').append(Values.nullToEmpty(hostname));
        if (agentInfo != null && !agentInfo.isEmpty()) {
            holder.append(" (").append(agentInfo).append(')');
        }
        return holder.toString();
    }

    public static LockHolder decode(String holder) {
        String agent = null;
        String who = holder;
        int open = holder.indexOf(" (");
        if (open >= 0 && holder.endsWith(")")) {
            agent = holder.substring(open + 2, holder.length() - 1);
            who = holder.substring(0, open);
        }
        int at = who.lastIndexOf('@');
        if (at < 0) {
            return new LockHolder(who, "", agent);
        }
        return new LockHolder(who.substring(0, at), who.substring(at + 1), agent);
    }
}
