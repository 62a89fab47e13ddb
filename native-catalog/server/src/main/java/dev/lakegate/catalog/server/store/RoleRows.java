package dev.lakegate.catalog.server.store;

import dev.lakegate.catalog.server.model.Principal;
import dev.lakegate.catalog.server.model.PrincipalType;
import dev.lakegate.catalog.server.model.Role;
import dev.lakegate.catalog.server.model.RoleGrant;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.util.List;
import java.util.Optional;

/** The rows of {@code roles} and {@code role_grants}; each change moves the access version. */
final class RoleRows implements RoleStore {

    private static final String GRANT_COLUMNS =
            "role_name, member_name, member_kind, grant_option, grantor_name, grantor_kind, grant_time";

    private final Jdbc jdbc;
    private final AccessVersionRows version;

    RoleRows(Jdbc jdbc, AccessVersionRows version) {
        this.jdbc = jdbc;
        this.version = version;
    }

    @Override
    public void lock() {
        jdbc.first("SELECT id FROM role_lock WHERE id = 1 FOR UPDATE", row -> row.getInt(1));
    }

    @Override
    public void insert(Role role) {
        jdbc.update(
                "INSERT INTO roles (name, owner, create_time) VALUES (?, ?, ?)",
                role.name(),
                role.owner(),
                role.createTime());
        version.move();
    }

    @Override
    public Optional<Role> find(String name) {
        return jdbc.first("SELECT name, owner, create_time FROM roles WHERE name = ?", RoleRows::readRole, name);
    }

    @Override
    public List<Role> list() {
        return jdbc.query("SELECT name, owner, create_time FROM roles ORDER BY name", RoleRows::readRole);
    }

    @Override
    public void delete(String name) {
        jdbc.update("DELETE FROM role_grants WHERE role_name = ?", name);
        jdbc.update(
                "DELETE FROM role_grants WHERE member_name = ? AND member_kind = ?", name, PrincipalType.ROLE.name());
        jdbc.update("DELETE FROM roles WHERE name = ?", name);
        version.move();
    }

    @Override
    public void insertGrant(RoleGrant grant) {
        jdbc.update(
                "INSERT INTO role_grants (" + GRANT_COLUMNS + ") VALUES (?, ?, ?, ?, ?, ?, ?)",
                grant.role(),
                grant.member().name(),
                grant.member().kind().name(),
                grant.grantOption(),
                grant.grantor().<Object>map(Principal::name).orElse(new Jdbc.Null(Types.VARCHAR)),
                grant.grantor().<Object>map(p -> p.kind().name()).orElse(new Jdbc.Null(Types.VARCHAR)),
                grant.grantTime().orElseThrow(() -> new IllegalArgumentException("a stored grant has a time")));
        version.move();
    }

    @Override
    public Optional<RoleGrant> findGrant(String role, Principal member) {
        return jdbc.first(
                "SELECT " + GRANT_COLUMNS + " FROM role_grants WHERE role_name = ? AND member_kind = ? "
                        + "AND member_name = ?",
                RoleRows::readGrant,
                role,
                member.kind().name(),
                member.name());
    }

    @Override
    public void updateGrantOption(String role, Principal member, boolean grantOption) {
        jdbc.update(
                "UPDATE role_grants SET grant_option = ? WHERE role_name = ? AND member_kind = ? AND member_name = ?",
                grantOption,
                role,
                member.kind().name(),
                member.name());
        version.move();
    }

    @Override
    public void deleteGrant(String role, Principal member) {
        jdbc.update(
                "DELETE FROM role_grants WHERE role_name = ? AND member_kind = ? AND member_name = ?",
                role,
                member.kind().name(),
                member.name());
        version.move();
    }

    @Override
    public List<RoleGrant> grantsOf(Principal member) {
        return jdbc.query(
                "SELECT " + GRANT_COLUMNS + " FROM role_grants WHERE member_name = ? AND member_kind = ? "
                        + "ORDER BY role_name",
                RoleRows::readGrant,
                member.name(),
                member.kind().name());
    }

    @Override
    public List<RoleGrant> membersOf(String role) {
        return jdbc.query(
                "SELECT " + GRANT_COLUMNS + " FROM role_grants WHERE role_name = ? ORDER BY member_kind, member_name",
                RoleRows::readGrant,
                role);
    }

    private static Role readRole(ResultSet row) throws SQLException {
        return new Role(row.getString("name"), row.getString("owner"), Jdbc.instant(row, "create_time"));
    }

    private static RoleGrant readGrant(ResultSet row) throws SQLException {
        String grantor = row.getString("grantor_name");
        String grantorKind = row.getString("grantor_kind");
        return new RoleGrant(
                row.getString("role_name"),
                new Principal(row.getString("member_name"), PrincipalType.valueOf(row.getString("member_kind"))),
                row.getBoolean("grant_option"),
                grantor == null || grantorKind == null
                        ? Optional.empty()
                        : Optional.of(new Principal(grantor, PrincipalType.valueOf(grantorKind))),
                Optional.of(Jdbc.instant(row, "grant_time")));
    }
}
