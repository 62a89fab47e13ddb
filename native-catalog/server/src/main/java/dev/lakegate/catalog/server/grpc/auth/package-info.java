/**
 * Who calls the catalog's gRPC door over the network: bearer tokens (JWTs signed by keys the operator
 * names) verified before any call runs, and the principal a call acts as, set from the token. In-process
 * calls (an embedded gateway's) do not pass through here: the gateway authenticated its own clients.
 */
package dev.lakegate.catalog.server.grpc.auth;
