package dev.shopreviews.common.audit;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;

/** One change made by an operator: who, when, what (action on subject), the state before and after as JSON. */
@Entity
@Table(name = "audit_entry")
public class AuditEntry extends PanacheEntityBase {
    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    @Column(nullable = false)
    public Instant at;

    @Column(nullable = false)
    public String actor;

    @Column(nullable = false)
    public String action;

    @Column(nullable = false)
    public String subject;

    @Column(name = "webshop_id")
    public Long webshopId;

    @Column(columnDefinition = "text")
    public String before;

    @Column(columnDefinition = "text")
    public String after;
}
