package dev.shopreviews.invitations.template.repository;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.Table;

import java.io.Serializable;
import java.time.Instant;
import java.util.Objects;

/**
 * A shop's own text of one kind of e-mail (invitation, reminder) in one language (migration V12): Qute sources of the
 * subject, the HTML part and the plain-text part, checked by TemplateRules before they were stored.
 */
@Entity
@Table(name = "mail_template")
@IdClass(MailTemplate.Key.class)
public class MailTemplate {
    @Id
    @Column(name = "webshop_id")
    public long webshopId;

    @Id
    public String kind;

    @Id
    public String language;

    @Column(nullable = false, length = 200)
    public String subject;

    @Column(nullable = false, columnDefinition = "text")
    public String html;

    @Column(nullable = false, columnDefinition = "text")
    public String text;

    @Column(name = "updated_at", nullable = false)
    public Instant updatedAt;

    @Column(name = "updated_by", nullable = false, length = 200)
    public String updatedBy;

    /** The primary key (webshop_id, kind, language). */
    public static class Key implements Serializable {
        public long webshopId;
        public String kind;
        public String language;

        public Key() {
        }

        public Key(long webshopId, String kind, String language) {
            this.webshopId = webshopId;
            this.kind = kind;
            this.language = language;
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof Key key && key.webshopId == webshopId && Objects.equals(key.kind, kind)
                    && Objects.equals(key.language, language);
        }

        @Override
        public int hashCode() {
            return Objects.hash(webshopId, kind, language);
        }
    }
}
